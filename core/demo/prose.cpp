#include "demo/prose.hpp"

#include <algorithm>
#include <cstdio>

#include "math/numpy_format.hpp"

namespace attn::prose {

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += i + 1 == items.size() ? " and " : ", ";
        out += items[i];
    }
    return out;
}

std::string decimal(double x, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    std::string s(buf);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";  // a sentence has no negative zero
    return s;
}

std::string magnitude(double x) {
    if (x < 100) return decimal(x, 2);
    if (x < 1e6) return decimal(x, 0);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", x);
    return buf;
}

std::string decimals(const std::vector<double>& values, int places) {
    std::vector<std::string> words;
    for (double v : values) words.push_back(decimal(v, places));
    return joined(words);
}

std::string count_word(long long n) {
    static const char* const kWords[] = {"zero", "one", "two",   "three", "four", "five",  "six",
                                         "seven", "eight", "nine", "ten",  "eleven", "twelve"};
    return n >= 0 && n <= 12 ? kWords[n] : std::to_string(n);
}

std::string ordinal_word(long long n) {
    static const char* const kWords[] = {"first", "second", "third", "fourth", "fifth", "sixth",
                                         "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"};
    if (n >= 1 && n <= 12) return kWords[n - 1];
    const long long tens = n % 100, ones = n % 10;
    const char* suffix = tens >= 11 && tens <= 13 ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th";
    return std::to_string(n) + suffix;
}

// With thousands commas, as the sentences beside them write their numbers ("1,500 steps", not "1500 steps").
std::string counted(long long n, const std::string& noun) {
    return format_count(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string counted(long long n, const std::string& noun, const std::string& plural) {
    return format_count(n) + " " + (n == 1 ? noun : plural);
}

std::string share_of(long long part, long long whole, const std::string& noun) {
    if (whole == 1) return part == 1 ? "the one " + noun + " is" : "the one " + noun + " is not";
    const std::string of = " of the " + counted(whole, noun);
    if (part == 0) return "none" + of + " are";
    return std::to_string(part) + of + (part == 1 ? " is" : " are");
}

std::string steps_back(long long n) { return counted(n, "step") + " back"; }

std::string compared(double error, double rival) {
    constexpr double kSimilarFraction = 0.05;  // closer than this, two means read as the same in a sentence
    const double margin = kSimilarFraction * std::max(error, rival);
    if (error < rival - margin) return "better";
    if (error > rival + margin) return "worse";
    return "similar";
}

std::string bracketed(const std::vector<double>& values, int places) {
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + decimal(values[i], places);
    return out + "]";
}

}  // namespace attn::prose
