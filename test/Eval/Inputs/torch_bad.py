import torch


def on_gpu():
    return torch.empty((4,), dtype=torch.float32, device="cuda")


def with_data():
    return torch.empty((4, 2), dtype=torch.float32)


def sm_count():
    return torch.cuda.get_device_properties(0).multi_processor_count


def other_device():
    return torch.cuda.get_device_properties(1).multi_processor_count
