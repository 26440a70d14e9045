"""numpy-ml: ordinary least squares, ridge and logistic regression (gradient descent)."""

import numpy as np
from _common import report, size, start
from numpy_ml.linear_models import LinearRegression, LogisticRegression, RidgeRegression

np.random.seed(0)  # the logistic model draws its initial weights from the global generator
rng = np.random.default_rng(0)
n = size(500, 50)
X = rng.normal(size=(n, 6))
w = rng.normal(size=6)
y = X @ w + 0.3 * rng.normal(size=n)
labels = (X @ w + rng.normal(size=n) > 0).astype(float)

began = start()
ols = LinearRegression()
ols.fit(X, y)
ridge = RidgeRegression(alpha=2.0)
ridge.fit(X, y)
logistic = LogisticRegression(penalty="l2", gamma=0.1)
logistic.fit(X, labels, lr=0.1, tol=0.0, max_iter=size(3000, 50))
report(
    began,
    np,
    rtol=1e-6,
    ols=ols.beta,
    ridge=ridge.beta,
    logistic=logistic.beta,
    predicted=logistic.predict(X[:50]),
)
