X = 1


def bad():
    return undefined_name + 1
