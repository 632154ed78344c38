"""Reading QR codes off screenshots with ZBar (`zbarimg`, Debian's zbar-tools), as a phone would."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest


def zbarimg() -> str:
    """The path of zbarimg; a skip on a machine without it, a failure under CI (.ci/run installs
    it)."""
    path = shutil.which("zbarimg")
    if path:
        return path
    message = "zbarimg is not installed (Debian: apt-get install zbar-tools)"
    if os.environ.get("CI"):
        pytest.fail(f"{message}, and CI must not skip the QR check")
    pytest.skip(message)
    raise AssertionError("unreachable")


def decode(png: Path) -> list[str]:
    """Every QR code ZBar finds in the image, as text (an empty list if none)."""
    result = subprocess.run(
        [zbarimg(), "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
        capture_output=True, check=False, timeout=120,
    )
    if result.returncode == 4:  # ZBar: no symbol found
        return []
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    return [line for line in result.stdout.decode("utf-8").split("\n") if line]
