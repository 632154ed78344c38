"""The build compiles the translations: each `.po` catalogue to the `.mo` file `gettext`
reads (companion/ui/msgfmt.py). Everything else is in pyproject.toml."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        here = Path(__file__).resolve().parent
        spec = importlib.util.spec_from_file_location(
            "msgfmt", here / "companion" / "ui" / "msgfmt.py")
        assert spec is not None and spec.loader is not None
        msgfmt = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(msgfmt)
        msgfmt.compile_dir(here / "companion" / "locale")  # picked up as package data
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
