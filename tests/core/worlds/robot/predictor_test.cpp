// The pieces of the guess, on small histories worked out by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "worlds/robot/predictor.hpp"

using namespace attn::robot;
using Catch::Matchers::WithinAbs;

namespace {

constexpr double kExact = 1e-12;  // a few additions and one exp: rounding only [-]

}  // namespace

TEST_CASE("predictor: readings are scaled as (cm - 50) / 25") {
    CHECK(scaled(50) == 0);
    CHECK(scaled(75) == 1);
    CHECK(scaled(25) == -1);
    CHECK(scaled(100) == 2);
}

TEST_CASE("predictor: keys are patches of the history, each value the reading after its key") {
    // History 50, 75, 100, 25, 50 (cm) with patch 2 and 3 keys:
    //   key 0 = [50, 75] -> 100, key 1 = [75, 100] -> 25, key 2 = [100, 25] -> 50; query = [25, 50].
    const Patches p = make_patches({50, 75, 100, 25, 50}, 2, 3);
    REQUIRE(p.keys.rows() == 3);
    REQUIRE(p.keys.cols() == 2);
    CHECK(p.keys(0, 0) == 0);
    CHECK(p.keys(0, 1) == 1);
    CHECK(p.keys(1, 1) == 2);
    CHECK(p.keys(2, 1) == -1);
    CHECK(p.values(0) == 100);
    CHECK(p.values(1) == 25);
    CHECK(p.values(2) == 50);
    CHECK(p.query(0) == -1);
    CHECK(p.query(1) == 0);
    CHECK_THROWS(make_patches({50, 75, 100}, 2, 3));  // needs keys + patch readings
}

TEST_CASE("predictor: scores are dot products over the divisor, weights their softmax") {
    const Patches p = make_patches({50, 75, 100, 25, 50}, 2, 3);
    const Looking look = attend(p, 0.5);
    // query [-1, 0]: dots with [0, 1], [1, 2], [2, -1] are 0, -1, -2; scores 0, -2, -4.
    CHECK_THAT(look.dots(0), WithinAbs(0, kExact));
    CHECK_THAT(look.dots(1), WithinAbs(-1, kExact));
    CHECK_THAT(look.dots(2), WithinAbs(-2, kExact));
    CHECK_THAT(look.scores(2), WithinAbs(-4, kExact));
    const double total = 1 + std::exp(-2.0) + std::exp(-4.0);
    CHECK_THAT(look.weights(0), WithinAbs(1 / total, kExact));
    CHECK_THAT(look.weights.sum(), WithinAbs(1, kExact));
    CHECK_THAT(look.guess, WithinAbs((100 + 25 * std::exp(-2.0) + 50 * std::exp(-4.0)) / total, kExact));
    CHECK(look.best == 0);
}

TEST_CASE("predictor: attention over the most recent keys only sees those keys") {
    const Patches p = make_patches({50, 75, 100, 25, 50}, 2, 3);
    const Looking last_one = attend(p, 0.5, 2);
    REQUIRE(last_one.weights.size() == 1);
    CHECK(last_one.weights(0) == 1);
    CHECK(last_one.guess == 50);  // the only value left
    CHECK_THROWS(attend(p, 0.5, 3));  // no key at all
    CHECK_THROWS(attend(p, 0.0));     // the divisor must be positive
}

TEST_CASE("predictor: the baselines repeat the last reading or average the last three") {
    const std::vector<int> h = {10, 20, 30, 60};
    CHECK(guess_no_change(h) == 60);
    CHECK_THAT(guess_average_of_last(h, 3), WithinAbs(110.0 / 3, kExact));
    CHECK_THROWS(guess_average_of_last({1, 2}, 3));
}

TEST_CASE("predictor: a run guesses every tick after the first full history, plus the next one") {
    SpinSetup s;
    s.ticks = 40;
    const std::vector<int> r = readings_of(spin(s));
    const Predictions p = predict_run(r, 5, 20, 0.5);
    CHECK(p.first_tick == 25);
    CHECK(p.scored == 15);
    CHECK(p.wide.size() == 16);
    for (std::size_t i = 0; i < p.no_change.size(); ++i) CHECK(p.no_change[i] == r[p.first_tick + i - 1]);
    // The source of each guess is the value of its heaviest key: a reading before the guessed tick.
    for (std::size_t i = 0; i < p.source_tick.size(); ++i) {
        const int t = p.first_tick + static_cast<int>(i);
        CHECK(p.source_tick[i] < t);
        CHECK(p.source_tick[i] >= t - 20);
    }
    CHECK_THROWS(predict_run(std::vector<int>(r.begin(), r.begin() + 25), 5, 20, 0.5));
}

TEST_CASE("predictor: a shuffled order is a permutation fixed by its seed") {
    std::vector<int> a = shuffled_order(20, 4), b = shuffled_order(20, 4), c = shuffled_order(20, 5);
    CHECK(a == b);
    CHECK(a != c);
    std::sort(a.begin(), a.end());
    std::vector<int> identity(20);
    std::iota(identity.begin(), identity.end(), 0);
    CHECK(a == identity);
}

TEST_CASE("predictor: a position number of strength 0 leaves every score as it was") {
    const Patches p = make_patches({50, 75, 100, 25, 50}, 2, 3);
    const Patches placed = with_position(p, 0);
    CHECK(placed.keys.cols() == 3);
    CHECK(placed.query.size() == 3);
    CHECK((attend(placed, 0.5).scores - attend(p, 0.5).scores).cwiseAbs().maxCoeff() == 0);
    // Strength s: key j gets s * j / (K - 1), the query s.
    const Patches strong = with_position(p, 2);
    CHECK(strong.keys(0, 2) == 0);
    CHECK(strong.keys(1, 2) == 1);
    CHECK(strong.keys(2, 2) == 2);
    CHECK(strong.query(2) == 2);
}
