"""Smoke test of the user-level benchmark command at its tiny size: it runs both sides in
processes of their own and reports a ratio for each variant (no timing is asserted)."""

from __future__ import annotations

import argparse
import json
import re

import pytest

from benchmarks import bench_user_level


def test_tiny_run_reports_each_variant_against_real_torch(tmp_path, capsys):
    table = tmp_path / "table.md"
    argv = ["--size", "tiny", "--cases", "gpt_example", "--backends", "numpy", "--repeat", "1"]
    assert bench_user_level.main([*argv, "--markdown", str(table)]) == 0
    rows = [line.split(" | ") for line in table.read_text().splitlines() if "gpt_example" in line]
    assert [(row[1], row[2]) for row in rows] == [
        ("training step", "real torch"),
        ("training step", "numpy"),
        ("training step, compiled", "numpy"),
    ]
    for row in rows:
        assert re.fullmatch(r"[0-9.e+-]+ s \(first [0-9.e+-]+ s\)", row[3]), row
        assert re.fullmatch(r"[0-9.]+x \|", row[4]), row


def test_a_failing_side_is_a_row_not_a_crash(monkeypatch):
    monkeypatch.setattr(bench_user_level, "_spawn", lambda *args, **kwargs: ("", "exit 1: boom"))
    args = argparse.Namespace(
        cases=["gpt_example"], backends=["jax"], size="tiny", repeat=1, timeout=1.0
    )
    rows = bench_user_level.run(args)
    assert rows == [
        ("gpt_example", "(all)", "real torch", "exit 1: boom", ""),
        ("gpt_example", "(all)", "jax", "exit 1: boom", ""),
    ]


def test_the_jax_floor_jitted_and_op_by_op_compute_the_same(capsys):
    from benchmarks import jax_floor

    jitted, eager = (
        jax_floor.gpt2(n_layer=1, n_embd=16, n_head=2, tokens=4, jit=jit) for jit in (True, False)
    )
    assert jitted["forward"]() == pytest.approx(eager["forward"](), rel=1e-4)
    losses = [(jitted["training step"](), eager["training step"]()) for _ in range(2)]
    for jitted_loss, eager_loss in losses:
        assert jitted_loss == pytest.approx(eager_loss, rel=1e-4)
    assert losses[1][0] < losses[0][0]  # the step trains
    bench_user_level._worker("timm_resnet50", "floor", "tiny", 1)
    results = json.loads(capsys.readouterr().out.strip().splitlines()[-1].removeprefix("RESULTS "))
    assert set(results) == {"forward"} and all(t > 0 for t in results["forward"]), results
