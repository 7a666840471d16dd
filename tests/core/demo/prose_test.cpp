// attn::prose: the words a sentence takes from the core, at every count (1 reads as singular).
#include <catch2/catch.hpp>

#include "demo/prose.hpp"

namespace prose = attn::prose;

TEST_CASE("prose: a count takes the singular at 1 and the plural otherwise, also for irregular plurals") {
    CHECK(prose::counted(1, "object") == "1 object");
    CHECK(prose::counted(5, "object") == "5 objects");
    CHECK(prose::counted(0, "layer") == "0 layers");
    CHECK(prose::counted(1, "action query", "action queries") == "1 action query");
    CHECK(prose::counted(100, "action query", "action queries") == "100 action queries");
}

TEST_CASE("prose: a count of a thousand or more has thousands commas, as the sentences' other numbers") {
    CHECK(prose::counted(1500, "step") == "1,500 steps");  // the lm lesson's training
    CHECK(prose::counted(12345, "token") == "12,345 tokens");
    CHECK(prose::counted(999, "step") == "999 steps");
}

TEST_CASE("prose: a share of a whole reads as a sentence's subject at every count") {
    CHECK(prose::share_of(3, 20, "score") == "3 of the 20 scores are");
    CHECK(prose::share_of(1, 20, "score") == "1 of the 20 scores is");
    CHECK(prose::share_of(0, 20, "score") == "none of the 20 scores are");
    CHECK(prose::share_of(1, 1, "score") == "the one score is");
    CHECK(prose::share_of(0, 1, "score") == "the one score is not");
}

TEST_CASE("prose: an entry's place in a list reads as an ordinal word up to twelfth, then as 13th, 21st, 22nd, 111th") {
    CHECK(prose::ordinal_word(1) == "first");
    CHECK(prose::ordinal_word(3) == "third");
    CHECK(prose::ordinal_word(8) == "eighth");  // the most strengths the order demo takes
    CHECK(prose::ordinal_word(12) == "twelfth");
    CHECK(prose::ordinal_word(13) == "13th");
    CHECK(prose::ordinal_word(21) == "21st");
    CHECK(prose::ordinal_word(22) == "22nd");
    CHECK(prose::ordinal_word(23) == "23rd");
    CHECK(prose::ordinal_word(111) == "111th");
}
