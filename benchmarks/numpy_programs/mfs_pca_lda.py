"""mlfromscratch: PCA (covariance eigendecomposition) and Fisher's linear discriminant."""

import numpy as np
from _common import mlfromscratch, report, size, start

mlfromscratch()
from mlfromscratch.supervised_learning.linear_discriminant_analysis import LDA  # noqa: E402
from mlfromscratch.unsupervised_learning.principal_component_analysis import PCA  # noqa: E402

rng = np.random.default_rng(0)
n = size(4000, 100)
mixing = rng.normal(size=(20, 20))
X = rng.normal(size=(n, 20)) @ mixing
y = (X[:, 0] - X[:, 3] > 0).astype(int)

began = start()
for _ in range(size(40, 1)):
    projected = PCA().transform(X, 3)
    lda = LDA()
    lda.fit(X, y)
# eigenvectors have a free sign: compare the projection's absolute values
report(began, np, rtol=1e-6, pca=np.abs(projected[:50]), lda=lda.predict(X))
