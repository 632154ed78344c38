"""`python -m benchmarks [--quick] [--only NAME ...] [--against REV] [--output FILE] [--json FILE]`.

Runs every benchmark, prints a summary, and (for a full run, or with
--output) writes RESULTS.md: a summary table to paste into the README, the
machine, and every figure with its runs, baseline and ratio.

With ``--against REV`` the benchmarks that can (``latency``) measure the working
tree and revision REV in the same run, interleaved: REV is unpacked into a
temporary directory (`git archive`), and each figure's baseline is REV's, its ratio the
median of the pairs' ratios (working tree / REV).
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import json
import os
import platform
import subprocess
import sys
import time
import traceback
from pathlib import Path

from benchmarks import MODULES, ROOT, Figure, Size, unavailable

MODULES = (*MODULES, "history_scale", "club")  # issue 20: History at scale; issue 37: the club

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"

#: The benchmarks that can measure an earlier revision beside the working tree.
AGAINST = ("latency",)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs and games (~1 minute)")
    parser.add_argument("--size", choices=("tiny", "quick", "full"), help=argparse.SUPPRESS)
    parser.add_argument("--only", nargs="+", choices=MODULES, metavar="NAME",
                        help=f"run only these benchmarks ({', '.join(MODULES)})")
    parser.add_argument("--output", type=Path,
                        help="where to write the results (default: benchmarks/RESULTS.md for a "
                        "full run of every benchmark; a quick or partial run writes nothing)")
    parser.add_argument("--json", type=Path, help="also write every figure as JSON here")
    parser.add_argument("--against", metavar="REV",
                        help="measure the working tree beside revision REV (a commit, branch "
                        "or tag), interleaved in the same run; with --only " + " ".join(AGAINST))
    args = parser.parse_args(argv)
    size = Size.of(args.size or ("quick" if args.quick else "full"))
    modules = args.only or list(MODULES)
    if args.against and not set(modules) <= set(AGAINST):
        parser.error(f"--against works with --only {' '.join(AGAINST)}")

    info = machine_info()
    info["size"] = size.name
    started = time.monotonic()
    figures: list[Figure] = []
    for index, name in enumerate(modules):
        t0 = time.monotonic()
        print(f"== {name} ...", file=sys.stderr, flush=True)
        figures.extend(run_module(name, size, args.against))
        if "engine_replay" in modules and name != "engine_replay" and (
            index == len(modules) // 2 or index == len(modules) - 1
        ):
            # The engine's throughput again, mid-suite and at its end (see add_runs).
            from benchmarks import engine_replay

            engine_replay.add_runs(figures, size)
        print(f"   {time.monotonic() - t0:.1f} s", file=sys.stderr, flush=True)
    info["duration"] = f"{time.monotonic() - started:.0f} s"
    info["load average at end"] = load_average()

    print(summary_table(figures))
    output = args.output
    if output is None and size.name == "full" and not args.only and not args.against:
        output = RESULTS
    if output:
        output.write_text(render(figures, info), encoding="utf-8")
        print(f"\nwritten: {output}", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(
            {"machine": info, "figures": [f.to_json() for f in figures]}, indent=2) + "\n")
    return 0


def run_module(name: str, size: Size, against: str | None = None) -> list[Figure]:
    """A benchmark's figures (beside revision `against`, when given); a crash becomes an
    unavailable figure carrying the error."""
    try:
        module = importlib.import_module(f"benchmarks.{name}")
        if against:
            return list(module.run_against(size, against))
        return list(module.run(size))
    except Exception as exc:  # noqa: BLE001 - one broken benchmark must not stop the others
        traceback.print_exc()
        return [unavailable(name, "(benchmark failed)", "", f"{type(exc).__name__}: {exc}")]


# --- the machine ------------------------------------------------------------------------


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def machine_info() -> dict[str, str]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        mem = next(line.split(":", 1)[1].strip() for line in
                   Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal"))
    except (OSError, StopIteration):
        mem = "?"
    try:
        import pygame  # noqa: PLC0415 - only to name its version

        pg = f"pygame-ce {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))})"
    except Exception:  # noqa: BLE001
        pg = "not installed"
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=ROOT, capture_output=True, text=True).stdout.strip()
        commit += " (with uncommitted changes)" if dirty else ""
    except (OSError, subprocess.CalledProcessError):
        commit = "?"
    return {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {cpu}, {os.cpu_count()} cores, {mem} RAM",
        "system": f"{platform.system()} {platform.release()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "pygame": pg,
        "SDL drivers": f"video={os.environ.get('SDL_VIDEODRIVER', '(default)')}, "
        f"audio={os.environ.get('SDL_AUDIODRIVER', '(default)')}",
        "commit": commit,
        "load average at start": load_average(),
    }


# --- rendering ----------------------------------------------------------------------------


def fmt(value: float | None, unit: str = "") -> str:
    if value is None or value != value:  # None or NaN
        return "—"
    if abs(value) >= 1000:
        text = f"{value:,.0f}"
    elif abs(value) >= 100:
        text = f"{value:.0f}"
    elif abs(value) >= 10:
        text = f"{value:.1f}"
    else:
        text = f"{value:.2f}"
    return f"{text} {unit}".strip()


def verdict(f: Figure) -> str:
    if not f.available:
        return "not measured"
    if f.passed is None:
        return "(report)"
    return "yes" if f.passed else "**no**"


def summary_table(figures: list[Figure], *, targets_only: bool = False) -> str:
    rows = ["| figure | median | baseline (same run) | ratio | target | holds |",
            "|---|---|---|---|---|---|"]
    for f in figures:
        if targets_only and not f.target:
            continue
        base = "—"
        if f.baseline is not None:
            base = f"{fmt(f.baseline, f.unit)} ({f.baseline_name})"
        elif f.baseline_name:
            base = f.baseline_name
        ratio = f"{f.ratio:.2f}×" if f.ratio is not None else "—"
        value = fmt(f.value, f.unit) if f.available else "—"
        rows.append(f"| {f.name} | {value} | {base} | {ratio} | {f.target or '—'} | {verdict(f)} |")
    return "\n".join(rows)


def render(figures: list[Figure], info: dict[str, str]) -> str:
    out = [
        "# Benchmark results",
        "",
        f"Written by `python -m benchmarks` ({info['size']} run) on {info['date']}. "
        "Every figure is the median of the runs listed below; ratios are against a "
        "baseline measured in the same run, since the machine is shared and noisy: each run "
        "is paired with a baseline run measured just before it, and the ratio is the median "
        "of the pairs' ratios. "
        "What limits the figures that miss their target, with profiles: "
        "[FINDINGS.md](FINDINGS.md).",
        "",
        "## Summary (the targets; for the README)",
        "",
        summary_table(figures, targets_only=True),
        "",
        "## Every figure",
        "",
        summary_table(figures),
        "",
        "## Machine",
        "",
    ]
    out += [f"- {key}: {value}" for key, value in info.items()]
    out += ["", "## Details: every run", ""]
    current = None
    for f in figures:
        if f.benchmark != current:
            current = f.benchmark
            out += [f"### {current}", ""]
        out.append(f"**{f.name}**")
        out.append("")
        if f.available:
            out.append(f"- median: {fmt(f.value, f.unit)}; runs: "
                       + ", ".join(fmt(v) for v in f.runs))
            if f.baseline_runs:
                out.append(f"- baseline ({f.baseline_name}): median {fmt(f.baseline, f.unit)}; "
                           "runs: " + ", ".join(fmt(v) for v in f.baseline_runs))
            if f.ratio is not None:
                how = " (the median of each run's ratio to the baseline run next to it)" if (
                    f.paired and len(f.runs) == len(f.baseline_runs or [])) else ""
                out.append(f"- ratio: {f.ratio:.2f}×{how}")
        else:
            out.append("- not measured")
        if f.target:
            out.append(f"- target: {f.target} — {verdict(f)}")
        if f.notes:
            out.append(f"- notes: {f.notes}")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
