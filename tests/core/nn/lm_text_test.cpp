// The language model's text (core/nn/lm/text, corpus) and sampling: the
// vocabulary, the split, each kind of bad text refused with its message, and
// the same seed writing the same text.
#include <algorithm>
#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "base/error.hpp"
#include "nn/lm/corpus.hpp"
#include "nn/lm/lm_trainer.hpp"
#include "nn/lm/sampling.hpp"
#include "nn/lm/text.hpp"

using namespace attn;
using namespace attn::nn::lm;
using Catch::Matchers::Contains;

namespace {

// The message a text is refused with (the test fails if it is accepted).
std::string refusal(const std::string& text) {
    try {
        Corpus corpus(text);
    } catch (const ParamError& e) {
        CHECK(e.param() == "text");
        return e.what();
    }
    FAIL("the text was accepted");
    return "";
}

const std::string kVerse =
    "Tyger Tyger, burning bright,\nIn the forests of the night;\nWhat immortal hand or eye,\n"
    "Could frame thy fearful symmetry?\n";

}  // namespace

TEST_CASE("lm text: the vocabulary is the distinct characters sorted, and ids follow it") {
    const Corpus corpus("banana bread, café");
    std::u32string chars(corpus.chars().begin(), corpus.chars().end());
    CHECK(chars == U" ,abcdefnr\u00e9");
    CHECK(corpus.id_of(U' ') == 0);
    CHECK(corpus.id_of(U'\u00e9') == 10);
    CHECK(corpus.id_of(U'z') == -1);
    CHECK(corpus.decode(corpus.ids()) == "banana bread, café");
    CHECK(corpus.ids()[0] == corpus.id_of(U'b'));
}

TEST_CASE("lm text: every character's id is its place in the vocabulary, ASCII or not") {
    const std::string text = "a\u00e9b \U0001D11E~a\u00e9\u0080\U0001D11E\n";  // ASCII up to ~, U+0080 just past it, past the BMP
    const Corpus corpus(text);
    const std::vector<char32_t>& chars = corpus.chars();
    REQUIRE(std::is_sorted(chars.begin(), chars.end()));
    REQUIRE(std::adjacent_find(chars.begin(), chars.end()) == chars.end());
    CHECK(chars.size() == 8);
    CHECK(corpus.decode(corpus.ids()) == text);
    for (const int id : corpus.ids()) {
        REQUIRE(id >= 0);
        REQUIRE(id < corpus.vocab_size());
        CHECK(corpus.id_of(chars[static_cast<std::size_t>(id)]) == id);
    }
}

TEST_CASE("lm text: the first 90 % trains and the rest validates") {
    std::string text;
    for (int i = 0; i < 20; ++i) text += "abcde";  // 100 characters
    const Corpus corpus(text);
    CHECK(corpus.train_size() == 90);
    CHECK(corpus.valid_size() == 10);
}

TEST_CASE("lm text: Windows line ends read as plain newlines") {
    const Corpus corpus("one\r\ntwo\r\nthree\r\n");
    CHECK(corpus.id_of(U'\r') == -1);
    CHECK(corpus.decode(corpus.ids()) == "one\ntwo\nthree\n");
}

TEST_CASE("lm text: an empty text is refused with its message") {
    CHECK_THAT(refusal(""), Contains("The text is empty"));
}

TEST_CASE("lm text: a binary file is refused with its message") {
    const std::string png("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
    CHECK_THAT(refusal(png), Contains("does not look like text: byte 1"));
    // valid UTF-8 with a NUL in it is still a binary file
    CHECK_THAT(refusal(std::string("abcdef\0ghij", 11)), Contains("byte 7"));
}

TEST_CASE("lm text: text that is not UTF-8 is refused with its message") {
    CHECK_THAT(refusal("caf\xe9 au lait"), Contains("byte 4"));       // Latin-1's é
    CHECK_THAT(refusal("abcde\xc0\xaf"), Contains("byte 6"));         // an overlong '/'
    CHECK_THAT(refusal("abcde\xed\xa0\x80"), Contains("byte 6"));     // a UTF-16 surrogate
    CHECK_THAT(refusal("abcde\xe2\x82"), Contains("byte 6"));         // cut off mid-character
}

TEST_CASE("lm text: a text over 2 MB is refused before it is read") {
    const std::string big(kMaxTextBytes + 1, '\xff');  // not text either: the size is checked first
    CHECK_THAT(refusal(big), Contains("The text is 2.1 MB; the most the model can train on is 2.0 MB"));
}

TEST_CASE("lm text: too few distinct characters are refused with their message") {
    CHECK_THAT(refusal("abab abab abab"), Contains("only 3 different characters"));
    CHECK_THAT(refusal("aaaa"), Contains("only 1 different character;"));
}

TEST_CASE("lm text: too many distinct characters are refused with their message") {
    std::string text;
    for (char32_t c = 0x4E00; c < 0x4E00 + 300; ++c) text += utf8(c);
    CHECK_THAT(refusal(text), Contains("uses 300 different characters"));
}

TEST_CASE("lm text: a text too short for its context is refused with its message") {
    LmConfig config;
    config.context = 32;
    try {
        LmTrainer trainer("abcdefghij abcdefghij", config);
        FAIL("accepted");
    } catch (const ParamError& e) {
        CHECK(e.param() == "text");
        CHECK_THAT(std::string(e.what()), Contains("too short: 21 characters"));
    }
}

TEST_CASE("lm text: a setting out of bounds is refused naming it") {
    LmConfig config;
    config.width = 30;  // 4 heads do not divide 30
    try {
        check_config(config);
        FAIL("accepted");
    } catch (const ParamError& e) {
        CHECK(e.param() == "heads");
    }
    config = LmConfig();
    config.layers = 99;
    CHECK_THROWS_AS(check_config(config), ParamError);
}

TEST_CASE("lm sampling: probabilities sum to one, top-k keeps k, and a low temperature favours the likeliest") {
    LmConfig config;
    config.layers = 1, config.width = 16, config.heads = 2, config.context = 8;
    std::string text;
    for (int i = 0; i < 4; ++i) text += kVerse;
    LmTrainer trainer(text, config);
    const std::vector<int> ids = trainer.corpus().encode("Tyger", "prompt");
    const std::vector<double> p = next_char_probabilities(trainer.model(), ids, 1.0, 0);
    double sum = 0;
    for (double x : p) sum += x;
    CHECK(std::abs(sum - 1.0) < 1e-12);
    const std::vector<double> top3 = next_char_probabilities(trainer.model(), ids, 1.0, 3);
    int nonzero = 0;
    for (double x : top3) nonzero += x > 0;
    CHECK(nonzero == 3);
    const std::vector<double> cold = next_char_probabilities(trainer.model(), ids, 0.2, 0);
    CHECK(*std::max_element(cold.begin(), cold.end()) > *std::max_element(p.begin(), p.end()));
}

TEST_CASE("lm sampling: the same seed writes the same text, another seed another") {
    LmConfig config;
    config.layers = 1, config.width = 16, config.heads = 2, config.context = 8;
    std::string text;
    for (int i = 0; i < 4; ++i) text += kVerse;
    LmTrainer trainer(text, config);
    const std::string a = generate(trainer.model(), trainer.corpus(), "Tyger", 40, 1.0, 0, 7);
    const std::string b = generate(trainer.model(), trainer.corpus(), "Tyger", 40, 1.0, 0, 7);
    const std::string c = generate(trainer.model(), trainer.corpus(), "Tyger", 40, 1.0, 0, 8);
    CHECK(a == b);
    CHECK(a != c);
    CHECK(trainer.corpus().encode(a, "sample").size() == 40);
}

TEST_CASE("lm sampling: a prompt with a character the text never uses is refused naming it") {
    LmConfig config;
    config.layers = 1, config.width = 16, config.heads = 2, config.context = 8;
    std::string text;
    for (int i = 0; i < 4; ++i) text += kVerse;
    LmTrainer trainer(text, config);
    try {
        generate(trainer.model(), trainer.corpus(), "Tyger!", 5, 1.0, 0, 0);
        FAIL("accepted");
    } catch (const ParamError& e) {
        CHECK(e.param() == "prompt");
        CHECK_THAT(std::string(e.what()), Contains("never uses '!'"));
    }
    CHECK_THROWS_AS(generate(trainer.model(), trainer.corpus(), "", 5, 1.0, 0, 0), ParamError);
}
