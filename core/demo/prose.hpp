#pragma once
// Words for the lesson's sentences that the core computes: lists, counts and
// plurals that follow the learner's values ("1, 0 and 1", "three keys",
// "1 step back"). The page puts them into its prose unchanged.
#include <string>
#include <vector>

namespace attn::prose {

// "a", "a and b", "a, b and c"
std::string joined(const std::vector<std::string>& items);
// 0.70710678 -> "0.707" with 3 decimals; 2.0 -> "2"; -0.0001 -> "0": rounded, no trailing zeros.
std::string decimal(double x, int decimals);
// A positive size of any magnitude, readably: 2.03, 148, 4.85e+08.
std::string magnitude(double x);
// Each value as decimal(x, decimals), joined: "0.707, 0 and 0.707".
std::string decimals(const std::vector<double>& values, int decimals);
// 3 -> "three" up to twelve, then digits: counts read as words in a sentence.
std::string count_word(long long n);
// 1 -> "first", 3 -> "third" up to twelfth, then "13th": an entry's place in a list the learner wrote.
std::string ordinal_word(long long n);
// (1, "step") -> "1 step", (11, "step") -> "11 steps"
std::string counted(long long n, const std::string& noun);
// (3, 20, "score") -> "3 of the 20 scores are", (1, 20, ...) -> "1 of the 20 scores is",
// (1, 1, ...) -> "the one score is", (0, 20, ...) -> "none of the 20 scores are": a share as a sentence's subject.
std::string share_of(long long part, long long whole, const std::string& noun);
// (1, "query", "queries") -> "1 query", (2, ...) -> "2 queries": a noun whose plural is not noun + "s"
std::string counted(long long n, const std::string& noun, const std::string& plural);
// (1) -> "1 step back", (11) -> "11 steps back"
std::string steps_back(long long n);
// Two mean errors side by side, as a sentence weighs them: "better" when `error`
// is clearly below `rival`, "worse" when clearly above, "similar" within 5 % of the larger.
std::string compared(double error, double rival);
// Every word compared() returns, for a claim's declaration (demo.hpp, ClaimSpec).
inline std::vector<std::string> compared_words() { return {"better", "similar", "worse"}; }
// A vector as the lesson writes one by hand: "[1, 0]"
std::string bracketed(const std::vector<double>& values, int decimals);

}  // namespace attn::prose
