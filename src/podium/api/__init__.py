"""The JSON API under ``/api/v1``: read everything public; write with an organiser's bearer
token (``podium user token NAME``) or, for self-report, a player code."""
