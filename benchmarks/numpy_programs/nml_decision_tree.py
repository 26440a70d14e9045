"""numpy-ml: a decision tree classifier (entropy splits) on four noisy blobs."""

import numpy as np
from _common import report, size, start
from numpy_ml.trees import DecisionTree

rng = np.random.default_rng(0)
n = size(600, 60)
centers = rng.normal(scale=2.0, size=(4, 5))
y = rng.integers(0, 4, n)
X = centers[y] + rng.normal(size=(n, 5))
X_test = centers[y[:200]] + rng.normal(size=(min(200, n), 5))

began = start()
tree = DecisionTree(classifier=True, max_depth=8, criterion="entropy", seed=1)
tree.fit(X, y)
report(began, np, predictions=tree.predict(X_test), probs=tree.predict_class_probs(X_test))
