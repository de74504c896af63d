# The source file pystd_importlib.py executes under new module names.
import os

SIZE = int(os.environ.get("TIRX_TEST_SIZE", "8"))


def twice():
    return SIZE * 2
