#!/usr/bin/env python
"""Script docstring."""

from __future__ import annotations

# numerics
import numpy as np

print(np.ones(2))
