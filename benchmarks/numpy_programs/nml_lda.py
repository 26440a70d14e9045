"""numpy-ml: latent Dirichlet allocation by variational EM on synthetic documents."""

import numpy as np
from _common import report, size, start
from numpy_ml.lda import LDA

np.random.seed(0)  # the library initializes alpha and beta from the global generator
rng = np.random.default_rng(0)
topics = rng.dirichlet(np.full(30, 0.2), size=4)
documents = []
for _ in range(size(80, 6)):
    mix = rng.dirichlet(np.full(4, 0.5))
    documents.append([rng.choice(30, p=topics[rng.choice(4, p=mix)]) for _ in range(25)])
# the library numbers the vocabulary 0 .. V-1 by the words that occur
_, ids = np.unique(np.array(documents), return_inverse=True)
corpus = list(ids.reshape(len(documents), -1))

began = start()
model = LDA(T=4)
model.train(corpus, verbose=False, max_iter=size(20, 2))
report(began, np, rtol=1e-6, beta=model.beta, gamma=model.gamma)
