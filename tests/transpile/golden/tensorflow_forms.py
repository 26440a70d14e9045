import tensorflow as tf
from tensorflow import keras
import tensorflow.keras.applications as applications
from tensorflow.keras.applications import ResNet50

print(tf.constant(1.0))
