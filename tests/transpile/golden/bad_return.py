import jax
return jax
