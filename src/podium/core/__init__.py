"""Pure domain: players, events, rounds, tables, results, the action log, scoring and standings.

Nothing here does I/O, reads a clock or touches global randomness: time comes in with each
action, and every random draw takes a seed that the log records.
"""
