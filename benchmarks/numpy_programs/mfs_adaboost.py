"""mlfromscratch: AdaBoost with decision stumps (an exhaustive threshold search)."""

import numpy as np
from _common import mlfromscratch, report, size, start

mlfromscratch()
from mlfromscratch.supervised_learning.adaboost import Adaboost  # noqa: E402

rng = np.random.default_rng(0)
n = size(400, 30)
X = rng.normal(size=(n, 4))
y = np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 - X[:, 2] > 0.3, 1, -1)

began = start()
model = Adaboost(n_clf=size(12, 2))
model.fit(X, y)
report(began, np, predictions=model.predict(X), alphas=[c.alpha for c in model.clfs])
