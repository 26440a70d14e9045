"""numpy-ml: a random forest classifier (bootstrap samples, random feature subsets)."""

import numpy as np
from _common import report, size, start
from numpy_ml.trees import RandomForest

np.random.seed(0)  # the library draws its bootstrap samples from the global generator
rng = np.random.default_rng(0)
n = size(300, 40)
centers = rng.normal(scale=2.0, size=(3, 6))
y = rng.integers(0, 3, n)
X = centers[y] + rng.normal(size=(n, 6))
X_test = centers[y[:150]] + rng.normal(size=(min(150, n), 6))

began = start()
forest = RandomForest(n_trees=size(6, 2), max_depth=6, n_feats=3, classifier=True)
forest.fit(X, y)
report(began, np, predictions=forest.predict(X_test))
