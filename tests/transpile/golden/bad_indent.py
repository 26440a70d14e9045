import numpy as np
def f():
return np.ones(3)
