// Timing driver for scripts/bench_nn.sh: trains one task/model for some epochs
// with the core's Trainer and prints one JSON line. Built natively and with
// Emscripten by the script (it is not part of the CMake build).
//   bench_nn TASK MODEL EPOCHS
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#endif

#include "nn/trainer.hpp"

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: bench_nn TASK MODEL EPOCHS\n");
        return 2;
    }
    attn::nn::TrainConfig config;
    config.task = argv[1];
    config.model = argv[2];
    config.epochs = std::atoi(argv[3]);
    if (attn::nn::parse_task(config.task) == attn::nn::Task::Find && config.model.rfind("transformer", 0) == 0)
        config.lr = 0.001;  // the lesson trains transformers on "nearest" only
    attn::nn::Trainer trainer(config);
    const auto start = std::chrono::steady_clock::now();
    const attn::nn::TrainProgress& p = trainer.advance(trainer.progress().total_steps);
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    double heap_mb = 0;
#ifdef __EMSCRIPTEN__
    heap_mb = static_cast<double>(emscripten_get_heap_size()) / (1024.0 * 1024.0);
#endif
    std::printf("{\"task\":\"%s\",\"model\":\"%s\",\"steps\":%ld,\"seconds\":%.4f,\"ms_per_step\":%.4f,"
                "\"final_epoch_loss\":%.9g,\"heap_mb\":%.1f}\n",
                config.task.c_str(), config.model.c_str(), p.step, seconds.count(),
                1000.0 * seconds.count() / static_cast<double>(p.step), p.epoch_loss, heap_mb);
    return p.failed ? 1 : 0;
}
