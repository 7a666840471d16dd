#include <cmath>

#include "lessons/attention/demos.hpp"
#include "math/numpy_format.hpp"
#include "demo/prose.hpp"
#include "demo/result.hpp"

namespace attn::lesson_attention {
namespace {

constexpr int kChartPoints = 50;
constexpr double kBytesPerWeight = 4;  // float32
// Sequence lengths the lesson quotes: 196 image patches (a 14 x 14 grid) and 1,000 tokens.
constexpr long long kLessonLengths[] = {196, 1000};

std::string size_line(long long T, int heads) {
    const long long entries = T * T;
    std::string line = "T = " + format_count(T) + ": " + format_count(T) + " x " + format_count(T) + " = " +
                       format_count(entries) + (entries == 1 ? " weight" : " weights") + " per head";
    if (heads > 1) line += ", " + format_count(entries * heads) + " for " + std::to_string(heads) + " heads";
    return line;
}

json compute(const Params& p) {
    const long long T = p.integer("tokens");
    const int heads = p.integer("heads");
    const long long doubled = 2 * T;

    Result r;
    r.print(size_line(T, heads));
    r.print(size_line(doubled, heads) + "  (x" + format_number(double(doubled * doubled) / double(T * T)) + ")");
    for (long long lesson_T : kLessonLengths)
        if (lesson_T != T && lesson_T != doubled) r.print(size_line(lesson_T, heads));

    Series table_size{"weights per head (T × T)", {}, {}};
    Series linear{"if it grew like T (for comparison)", {}, {}};
    const double top = static_cast<double>(doubled);
    for (int k = 0; k <= kChartPoints; ++k) {
        const double t = std::max(1.0, std::round(top * k / kChartPoints));
        table_size.x.push_back(t);
        table_size.y.push_back(t * t);
        linear.x.push_back(t);
        linear.y.push_back(t * top);  // the line through (2T, (2T)^2): equal at the right edge
    }
    r.chart("growth", "Size of the weight table as the sequence grows", "tokens T", "weights per head",
            {table_size, linear});
    r.number("tokens", T).number("entries", T * T).number("doubled_tokens", doubled);
    r.number("doubled_entries", doubled * doubled).number("growth_factor", double(doubled * doubled) / double(T * T));
    r.text("entries_text", format_count(T * T))
        .text("tokens_counted", prose::counted(T, "token"))
        .text("entries_counted", format_count(T * T) + (T * T == 1 ? " weight" : " weights")).text("doubled_entries_text", format_count(doubled * doubled));
    r.number("megabytes_all_heads", double(T * T) * heads * kBytesPerWeight / 1e6);
    return std::move(r).to_json();
}

}  // namespace

Demo attention_cost() {
    return {"attention_cost",
            "The cost: a T × T table",
            {integer_param("tokens", 196)
                 .labelled("Tokens T")
                 .helped("196 is a 14 × 14 grid of image patches.")
                 .in(1, 100000)
                 .stepped(1),
             integer_param("heads", 1).labelled("Heads").helped("Each head keeps its own table.").in(1, 64).stepped(1)},
            compute,
            {}};
}

}  // namespace attn::lesson_attention
