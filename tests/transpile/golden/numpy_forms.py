import numpy as np
import numpy
import numpy.linalg as la
from numpy import array, float32
from numpy.random import default_rng

a = np.array([1, 2, 3]) + numpy.ones(3)
