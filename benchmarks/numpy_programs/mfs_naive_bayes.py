"""mlfromscratch: Gaussian naive Bayes (per-sample, per-class Python loops)."""

import numpy as np
from _common import mlfromscratch, report, size, start

mlfromscratch()
from mlfromscratch.supervised_learning.naive_bayes import NaiveBayes  # noqa: E402

rng = np.random.default_rng(0)
n = size(4000, 40)
centers = rng.normal(scale=1.5, size=(3, 5))
y = rng.integers(0, 3, n)
X = centers[y] + rng.normal(size=(n, 5))

began = start()
model = NaiveBayes()
model.fit(X, y)
report(began, np, predictions=model.predict(X))
