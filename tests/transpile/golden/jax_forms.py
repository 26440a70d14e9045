import jax
import jax.numpy as jnp
from jax import numpy as jnp, random
from jax import lax
import jax.experimental.sparse as sparse
from jax.experimental import checkify

key = random.PRNGKey(0)
