// attn: the core from the command line.
//   attn list                        every demo with its parameter declarations (JSON)
//   attn run <demo> ['<json>']       run one demo, print its JSON result
//   attn bench <demo> ['<json>'] [n] time n calls (default 2000), print microseconds per call
//   attn train --task T --model M ... train a table-lesson network (cli/train.cpp)
//   attn networks [--json]           the network table (nn/network_table.hpp; cli/train.cpp)
//   attn lm train|bench ...          the character-level language model (cli/lm.cpp)
//   attn table-pack | rate-sweep | summary ...  the table lesson's pretrained weights, rate data and
//                                    weights summaries (cli/table_cli.cpp)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "api/demos.hpp"

int train_command(int argc, char** argv);  // cli/train.cpp
int networks_command(int argc, char** argv);  // cli/train.cpp
int table_command(int argc, char** argv);  // cli/table_cli.cpp
int lm_command(int argc, char** argv);     // cli/lm.cpp
void load_table_models();                  // cli/table_cli.cpp

namespace {

int usage() {
    std::cerr << "usage: attn list\n"
                 "       attn run <demo> ['<json parameters>']\n"
                 "       attn bench <demo> ['<json parameters>'] [calls]\n"
                 "       attn train --task find|nearest --model <network> [options]\n"
                 "       attn networks [--json]\n"
                 "       attn lm train|bench|json ...\n";
    return 2;
}

// Exit status 1 when the core answered with an error, so scripts can tell.
int print_result(const std::string& out) {
    std::cout << out << "\n";
    return out.rfind("{\"ok\":true", 0) == 0 ? 0 : 1;
}

int bench(const std::string& demo, const std::string& params, long calls) {
    const std::string first = attn::run_demo_json(demo, params);
    if (first.rfind("{\"ok\":true", 0) != 0) return print_result(first);
    std::size_t sink = 0;  // keeps the calls from being optimised away
    const auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < calls; ++i) sink += attn::run_demo_json(demo, params).size();
    const std::chrono::duration<double, std::micro> elapsed = std::chrono::steady_clock::now() - start;
    std::printf("{\"demo\":\"%s\",\"calls\":%ld,\"us_per_call\":%.3f,\"bytes\":%zu}\n", demo.c_str(), calls,
                elapsed.count() / calls, sink / calls);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    const std::string verb = argv[1];
    if (verb == "list" && argc == 2) {
        std::cout << attn::list_demos_json() << "\n";
        return 0;
    }
    if (verb == "run" || verb == "bench") load_table_models();
    if (verb == "run" && (argc == 3 || argc == 4)) return print_result(attn::run_demo_json(argv[2], argc == 4 ? argv[3] : "{}"));
    if (verb == "train") return train_command(argc, argv);
    if (verb == "networks") return networks_command(argc, argv);
    if (verb == "lm") return lm_command(argc, argv);
    if (verb == "table-pack" || verb == "rate-sweep" || verb == "summary") return table_command(argc, argv);
    if (verb == "bench" && argc >= 3 && argc <= 5) {
        const long calls = argc == 5 ? std::atol(argv[4]) : 2000;
        if (calls < 1) return usage();
        return bench(argv[2], argc >= 4 ? argv[3] : "{}", calls);
    }
    return usage();
}
