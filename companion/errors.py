"""Errors every layer may raise for a user to read.

A `CompanionError` carries a message meant for a person and the exit status
the command line returns for it; `cli.main` prints the message, never a
traceback.
"""


class CompanionError(Exception):
    """A fault a user can understand and fix; `exit_status` is what the CLI returns."""

    exit_status = 1

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class UsageError(CompanionError):
    """Bad command-line usage (exit status 2)."""

    exit_status = 2


class ConfigError(CompanionError):
    """A configuration file is missing, unreadable or invalid (exit status 2).

    The message names the file, the line and the key.
    """

    exit_status = 2
