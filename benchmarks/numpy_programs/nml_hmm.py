"""numpy-ml: a multinomial hidden Markov model: sampling, forward likelihood, Viterbi
decoding, and Baum-Welch fitting."""

import numpy as np
from _common import report, size, start
from numpy_ml.hmm import MultinomialHMM

np.random.seed(0)  # the library samples and initializes from the global generator
A = np.array([[0.8, 0.15, 0.05], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6]])
B = np.array([[0.6, 0.3, 0.05, 0.05], [0.1, 0.2, 0.6, 0.1], [0.05, 0.05, 0.2, 0.7]])
pi = np.array([0.5, 0.3, 0.2])

began = start()
model = MultinomialHMM(A=A, B=B, pi=pi)
latent, observations = model.generate(
    n_steps=size(60, 10), latent_state_types=[0, 1, 2], obs_types=[0, 1, 2, 3]
)
best_path, best_prob = model.decode(observations)
likelihood = model.log_likelihood(observations)
fitted = MultinomialHMM()
A_fit, B_fit, pi_fit = fitted.fit(
    np.stack([observations] * 3),
    [0, 1, 2],
    [0, 1, 2, 3],
    pi=pi,
    tol=size(1e-6, 1e-2),
    verbose=False,
)
report(began, np, rtol=1e-6, path=best_path, prob=best_prob, ll=likelihood, A=A_fit, B=B_fit)
