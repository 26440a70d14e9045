"""mlfromscratch: k-nearest neighbours (a Python loop over every pair of samples)."""

import numpy as np
from _common import mlfromscratch, report, size, start

mlfromscratch()
from mlfromscratch.supervised_learning.k_nearest_neighbors import KNN  # noqa: E402

rng = np.random.default_rng(0)
n = size(500, 20)
centers = rng.normal(scale=1.5, size=(3, 4))
y = rng.integers(0, 3, n)
X = centers[y] + rng.normal(size=(n, 4))
X_test = centers[y[: n // 4]] + rng.normal(size=(n // 4, 4))

began = start()
report(began, np, predictions=KNN(k=5).predict(X_test, X, y))
