"""``tensorflow.python``: the few internal modules libraries built on TF import by path
(Keras' tensorflow backend does). Only those modules exist here."""
