def f(a):
    return a


def bad_name():
    f.__doc__ = "x"


def bad_value():
    f.__annotations__ = [1]
