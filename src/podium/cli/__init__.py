"""The ``podium`` command line: a thin Click adapter over :mod:`podium.service`."""
