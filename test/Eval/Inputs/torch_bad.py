import torch


def on_gpu():
    return torch.empty((4,), dtype=torch.float32, device="cuda")


def with_data():
    return torch.empty((4, 2), dtype=torch.float32)
