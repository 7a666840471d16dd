#!/usr/bin/python3
"""PyTorch side of scripts/bench_nn.sh: times the lesson's training loop on one thread.

    /usr/bin/python3 scripts/bench_nn.py TASK MODEL EPOCHS
prints one JSON line: {"task", "model", "steps", "seconds", "ms_per_step"}.
The networks, their PyTorch modules and the lesson's rates come from the network
table (`attn networks --json`, read by scripts/torch_reference.py).
"""

import json
import os
import sys
import time

import torch
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torch_reference as ref  # noqa: E402


def scenes(count, objects, generator):
    kind = torch.stack([torch.randperm(ref.KINDS, generator=generator)[:objects] for _ in range(count)])
    place = torch.rand(count, objects, 2, generator=generator)
    asked = torch.randint(0, objects, (count,), generator=generator)
    rows = torch.arange(count)
    tokens = torch.cat([nn.functional.one_hot(kind, ref.KINDS).float(), place], dim=2)
    request = nn.functional.one_hot(kind[rows, asked], ref.KINDS).float()
    gap = (place - place[rows, asked][:, None]).norm(dim=2)
    gap[rows, asked] = float("inf")
    return tokens, request, {"find": place[rows, asked], "nearest": place[rows, gap.argmin(dim=1)]}


def main():
    task, model, epochs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    torch.set_num_threads(1)
    torch.manual_seed(0)
    generator = torch.Generator().manual_seed(0)
    tokens, request, answers = scenes(20000, 4, generator)
    entry = ref.network_table()[model]
    net = ref.MODULES[entry["class"]](*entry["sizes"])
    rate = next((t["rate"] for t in entry["trained"] if t["task"] == task), 0.001)
    optimizer = torch.optim.Adam(net.parameters(), lr=rate)
    loss_fn = nn.MSELoss()
    steps = 0
    start = time.perf_counter()
    for _ in range(epochs):
        for batch in torch.randperm(len(tokens), generator=generator).split(128):
            loss = loss_fn(net(tokens[batch], request[batch]), answers[task][batch])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            steps += 1
    seconds = time.perf_counter() - start
    print(json.dumps({"task": task, "model": model, "steps": steps, "seconds": seconds,
                      "ms_per_step": 1000 * seconds / steps}))


if __name__ == "__main__":
    main()
