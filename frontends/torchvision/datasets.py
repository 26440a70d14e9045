"""torchvision.datasets: the dataset classes timm imports, refused when constructed."""

from frontends.torchvision._standin import module_getattr, refused_class

__all__ = ["CIFAR10", "CIFAR100", "FashionMNIST", "ImageFolder", "KMNIST", "MNIST"]

CIFAR10 = refused_class(__name__, "CIFAR10")
CIFAR100 = refused_class(__name__, "CIFAR100")
FashionMNIST = refused_class(__name__, "FashionMNIST")
ImageFolder = refused_class(__name__, "ImageFolder")
KMNIST = refused_class(__name__, "KMNIST")
MNIST = refused_class(__name__, "MNIST")

__getattr__ = module_getattr(__name__, __all__)
