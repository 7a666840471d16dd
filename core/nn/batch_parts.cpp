#include "nn/batch_parts.hpp"

#include <cstring>
#include <stdexcept>

#include "nn/network_table.hpp"

namespace attn::nn {

int batch_parts(const std::string& model) {
    const NetworkEntry* entry = find_network(model);
    return entry ? entry->batch_parts : 1;
}

std::pair<int, int> part_scenes(int part, int parts, int n) {
    const long first = static_cast<long>(part) * n / parts;
    const long end = static_cast<long>(part + 1) * n / parts;
    return {static_cast<int>(first), static_cast<int>(end - first)};
}

long block_size(const ParamList<float>& params) {
    long size = 1;
    for (const Param<float>* p : params) size += static_cast<long>(p->grad.size());
    return size;
}

void export_gradient(const ParamList<float>& params, float squares, float* block) {
    for (const Param<float>* p : params) {
        std::memcpy(block, p->grad.data(), sizeof(float) * p->grad.size());
        block += p->grad.size();
    }
    *block = squares;
}

float import_gradient(const ParamList<float>& params, const float* block) {
    for (Param<float>* p : params) {
        std::memcpy(p->grad.data(), block, sizeof(float) * p->grad.size());
        block += p->grad.size();
    }
    return *block;
}

void sum_pairwise(float* blocks, int count, long size) {
    if (count < 1 || (count & (count - 1)) != 0) throw std::invalid_argument("parts are summed in twos: 1, 2, 4, ...");
    // Level by level: at span s, block i (a multiple of 2s) takes in block i + s.
    for (int span = 1; span < count; span *= 2)
        for (int i = 0; i + span < count; i += 2 * span) {
            float* __restrict into = blocks + i * size;
            const float* __restrict add = blocks + (i + span) * size;
            for (long k = 0; k < size; ++k) into[k] += add[k];
        }
}

}  // namespace attn::nn
