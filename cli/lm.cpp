// attn lm: the character-level language model (core/nn/lm/) from the command line.
//   attn lm train --text FILE [settings] [--every N] [--prompt P] [--chars N]
//       trains, printing the batch and validation loss every N steps, then writes a sample;
//       with --cpp OUT also writes the trained network as C++ (the lesson's shipped network,
//       core/lessons/lm/shipped_network.inc, made by scripts/make_lm_weights.sh)
//   attn lm bench [settings] [--vocab V] [--steps N]
//       times training steps on a made-up text of V distinct characters; prints one JSON line
//   attn lm json FILE SETTINGS STEPS NEXT GENERATE
//       the JSON API (core/api/lm.hpp) as the page calls it: lmStart(text of FILE, SETTINGS),
//       lmAdvance(STEPS), lmValidation(), lmNext(NEXT), lmGenerate(GENERATE), lmWeights(), one answer a line
// settings: --layers --heads --width --context --batch --lr --weight-decay --steps --seed
// A benchmark prints figures; nothing here is a test.
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "api/lm.hpp"
#include "base/error.hpp"
#include "nn/lm/lm_trainer.hpp"
#include "nn/lm/sampling.hpp"
#include "nn/lm/text.hpp"

using namespace attn;
using namespace attn::nn::lm;

namespace {

int lm_usage() {
    std::cerr << "usage: attn lm train --text FILE [--layers N --heads N --width N --context N --batch N --lr R\n"
                 "                     --weight-decay W --steps N --seed N --every N --prompt P --chars N --cpp OUT]\n"
                 "       attn lm bench [the same settings] [--vocab V]\n"
                 "       attn lm json FILE SETTINGS STEPS NEXT GENERATE\n";
    return 2;
}

// A text of `count` characters drawn from `vocab` printable ASCII characters, from Rng(0).
std::string made_up_text(int vocab, long count) {
    Rng rng(0);
    std::string text;
    text.reserve(static_cast<std::size_t>(count));
    for (long i = 0; i < count; ++i) text += static_cast<char>(' ' + rng.below(static_cast<std::uint64_t>(vocab)));
    return text;
}

}  // namespace

namespace {

bool read_text(const std::string& path, std::string& text) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::cerr << "cannot read " << path << "\n";
        return false;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0 || static_cast<std::size_t>(size) > kMaxTextBytes + 1) {
        std::cerr << "the text is over " << kMaxTextBytes << " bytes\n";
        return false;
    }
    in.seekg(0);
    text.assign(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), size);
    return true;
}

// The trained network as C++ the lesson compiles in: its shape, its characters (by code point, in
// id order), how it was trained, and every parameter's float bits in named_parameters() order, as
// four planes of bytes (the lowest byte of every weight, then the next, ...): the same bits, but the
// sign-and-exponent bytes side by side compress well, so the lesson's module is 8 KB (gzip) smaller.
bool write_cpp(const std::string& path, LmTrainer& trainer, double validation, const std::string& text_path,
               long text_chars) {
    std::ofstream out(path, std::ios::binary);
    if (!out) {
        std::cerr << "cannot write " << path << "\n";
        return false;
    }
    const LmConfig& c = trainer.config();
    char line[256];
    out << "// The language model lesson's shipped network, written by scripts/make_lm_weights.sh\n"
           "// (attn lm train --cpp): do not edit. Read by core/lessons/lm/shipped_network.cpp.\n";
    std::snprintf(line, sizeof line,
                  "constexpr int kLayers = %d, kHeads = %d, kWidth = %d, kContext = %d, kBatch = %d;\n"
                  "constexpr double kRate = %.17g, kWeightDecay = %.17g;\n"
                  "constexpr long kSteps = %ld, kSeed = %llu, kTextChars = %ld;\n",
                  c.layers, c.heads, c.width, c.context, c.batch, c.lr, c.weight_decay, trainer.progress().step,
                  static_cast<unsigned long long>(c.seed), text_chars);
    out << line;
    std::snprintf(line, sizeof line, "constexpr double kLastLoss = %.17g, kValidationLoss = %.17g;\n",
                  trainer.progress().loss, validation);
    out << line << "constexpr const char* kTextFile = \"" << text_path << "\";\n";
    out << "constexpr char32_t kChars[] = {";
    for (char32_t ch : trainer.corpus().chars()) out << static_cast<unsigned long>(ch) << ",";
    std::vector<std::uint32_t> bits;
    for (const auto* p : trainer.model().params()) {
        for (Eigen::Index i = 0; i < p->value.size(); ++i) {
            std::uint32_t b;
            std::memcpy(&b, p->value.data() + i, sizeof b);
            bits.push_back(b);
        }
    }
    out << "};\n// The weights' float bits as four planes of bytes, lowest first: weight i is plane[0][i] | plane[1][i] << 8 | ...\n"
           "constexpr unsigned char kWeightPlanes[4][" << bits.size() << "] = {\n";
    for (int plane = 0; plane < 4; ++plane) {
        out << "{";
        for (std::size_t i = 0; i < bits.size(); ++i)
            out << ((bits[i] >> (8 * plane)) & 0xffu) << (i % 32 == 31 ? ",\n" : ",");
        out << "},\n";
    }
    out << "};\n";
    return static_cast<bool>(out);
}

int json_api(char** argv) {
    std::string text;
    if (!read_text(argv[3], text)) return 1;
    std::cout << attn::lm_start_json(text, argv[4]) << "\n"
              << attn::lm_advance_json(std::atof(argv[5])) << "\n"
              << attn::lm_validation_json() << "\n"
              << attn::lm_next_json(argv[6]) << "\n"
              << attn::lm_generate_json(argv[7]) << "\n"
              << attn::lm_weights_json() << "\n";
    return 0;
}

}  // namespace

int lm_command(int argc, char** argv) {
    if (argc < 3) return lm_usage();
    const std::string what = argv[2];
    if (what == "json") return argc == 8 ? json_api(argv) : lm_usage();
    LmConfig config;
    std::string text_path, cpp_path, prompt = "\n";
    long every = 100;
    int chars = 200, vocab = 80;
    for (int i = 3; i + 1 < argc; i += 2) {
        const std::string flag = argv[i], value = argv[i + 1];
        if (flag == "--text") text_path = value;
        else if (flag == "--layers") config.layers = std::atoi(value.c_str());
        else if (flag == "--heads") config.heads = std::atoi(value.c_str());
        else if (flag == "--width") config.width = std::atoi(value.c_str());
        else if (flag == "--context") config.context = std::atoi(value.c_str());
        else if (flag == "--batch") config.batch = std::atoi(value.c_str());
        else if (flag == "--lr") config.lr = std::atof(value.c_str());
        else if (flag == "--weight-decay") config.weight_decay = std::atof(value.c_str());
        else if (flag == "--steps") config.steps = std::atol(value.c_str());
        else if (flag == "--seed") config.seed = std::strtoull(value.c_str(), nullptr, 10);
        else if (flag == "--every") every = std::max(1L, std::atol(value.c_str()));
        else if (flag == "--prompt") prompt = value;
        else if (flag == "--chars") chars = std::atoi(value.c_str());
        else if (flag == "--cpp") cpp_path = value;
        else if (flag == "--vocab") vocab = std::atoi(value.c_str());
        else return lm_usage();
    }
    try {
        if (what == "bench") {
            if (vocab < kMinDistinct || vocab > 95) return lm_usage();
            LmTrainer trainer(made_up_text(vocab, 200000), config);
            trainer.advance(2);  // buffers sized, caches warm
            const long steps = config.steps - 2;
            // wall time, and processor time, which a loaded machine disturbs less
            const auto start = std::chrono::steady_clock::now();
            const std::clock_t cpu_start = std::clock();
            trainer.advance(steps);
            const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
            const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
            const double tokens = static_cast<double>(steps) * config.batch * config.context;
            std::printf("{\"implementation\":\"native\",\"parameters\":%ld,\"layers\":%d,\"heads\":%d,\"width\":%d,"
                        "\"context\":%d,\"vocab\":%d,\"batch\":%d,\"steps\":%ld,\"seconds\":%.4f,"
                        "\"ms_per_step\":%.3f,\"tokens_per_second\":%.0f,\"tokens_per_cpu_second\":%.0f}\n",
                        trainer.model().parameter_count(), config.layers, config.heads, config.width, config.context,
                        trainer.corpus().vocab_size(), config.batch, steps, seconds.count(),
                        1000 * seconds.count() / steps, tokens / seconds.count(), tokens / cpu);
            return 0;
        }
        if (what != "train" || text_path.empty()) return lm_usage();
        std::string text;
        if (!read_text(text_path, text)) return 1;
        LmTrainer trainer(text, config);
        std::fprintf(stderr, "%ld parameters, %d characters, %ld to train on, %ld to validate\n",
                     trainer.model().parameter_count(), trainer.corpus().vocab_size(), trainer.corpus().train_size(),
                     trainer.corpus().valid_size());
        const auto start = std::chrono::steady_clock::now();
        while (!trainer.progress().done && !trainer.progress().failed) {
            const LmProgress& p = trainer.advance(every);
            const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
            std::fprintf(stderr, "step %ld: loss %.4f, validation %.4f (%.1f s)\n", p.step, p.loss,
                         trainer.validation_loss(), seconds.count());
        }
        if (trainer.progress().failed) std::cerr << trainer.progress().message << "\n";
        if (!cpp_path.empty() && !trainer.progress().failed &&
            !write_cpp(cpp_path, trainer, trainer.validation_loss(), text_path,
                       static_cast<long>(trainer.corpus().size())))
            return 1;
        const auto generating = std::chrono::steady_clock::now();
        const std::string written = generate(trainer.model(), trainer.corpus(), prompt, chars, 0.8, 0, config.seed);
        const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - generating;
        std::fprintf(stderr, "%d characters written in %.1f ms\n", chars, ms.count());
        std::cout << prompt << written << "\n";
        return trainer.progress().failed ? 1 : 0;
    } catch (const ParamError& e) {
        std::cerr << e.what() << "\n";
        return 1;
    }
}
