"""The speed-states sampler's own checks (run with the benchmarks, untimed)."""

from __future__ import annotations

from speed_states import sample, summary

from common.registry import games


def test_summary_reads_the_distribution_and_counts_rounds_below_the_target() -> None:
    lines = summary({"loop": [20.0, 30.0], "g": [90_000.0, 120_000.0, 110_000.0]}, 100_000)
    assert lines[0].startswith("loop: min 20.0,") and "max 30.0 (M iterations/s)" in lines[0]
    assert lines[1] == (
        "g: min 90,000, p10 94,000, median 110,000, p90 118,000, max 120,000 (1 of 3 below 100,000)"
    )


def test_sample_times_every_game_each_round() -> None:
    rates = sample(rounds=2, n=1, seed=3, quiet=True)
    assert set(rates) == {"loop", *games()}
    assert all(len(v) == 2 and min(v) > 0 for v in rates.values())
