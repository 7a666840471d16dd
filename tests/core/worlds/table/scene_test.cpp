// Scenes: the tokens, requests and answers the networks learn from.
#include <set>

#include <catch2/catch.hpp>

#include "base/error.hpp"
#include "worlds/table/scene.hpp"

using namespace attn;
using namespace attn::table;

TEST_CASE("scenes: tokens are a kind one-hot then a place on the table") {
    Rng rng(0);
    const SceneSet s = make_scenes(200, 6, rng);
    REQUIRE(s.tokens.rows() == 1200);
    REQUIRE(s.tokens.cols() == kTokenWidth);
    for (int scene = 0; scene < s.count; ++scene) {
        std::set<int> kinds;
        for (int i = 0; i < 6; ++i) {
            const auto row = s.tokens.row(scene * 6 + i);
            CHECK(row.head(kKinds).sum() == 1.0f);
            CHECK(row(s.kinds[scene * 6 + i]) == 1.0f);
            CHECK(row(kKinds) >= 0.0f);
            CHECK(row(kKinds) < 1.0f);
            CHECK(row(kKinds + 1) >= 0.0f);
            CHECK(row(kKinds + 1) < 1.0f);
            kinds.insert(s.kinds[scene * 6 + i]);
        }
        CHECK(kinds.size() == 6u);  // distinct kinds
    }
}

TEST_CASE("scenes: find answers the requested object's place, nearest its closest other object") {
    Rng rng(1);
    const SceneSet s = make_scenes(300, 4, rng);
    for (int scene = 0; scene < s.count; ++scene) {
        const int asked = s.asked[scene];
        const auto asked_row = s.tokens.row(scene * 4 + asked);
        CHECK(s.request(scene, s.kinds[scene * 4 + asked]) == 1.0f);
        CHECK(s.request.row(scene).sum() == 1.0f);
        CHECK(s.find(scene, 0) == asked_row(kKinds));
        CHECK(s.find(scene, 1) == asked_row(kKinds + 1));
        const int near = s.nearest_index[scene];
        CHECK(near != asked);
        const auto dist = [&](int i) {
            return (s.tokens.row(scene * 4 + i).tail(2) - asked_row.tail(2)).norm();
        };
        for (int i = 0; i < 4; ++i)
            if (i != asked) CHECK(dist(near) <= dist(i));
        CHECK(s.nearest(scene, 0) == s.tokens(scene * 4 + near, kKinds));
    }
}

TEST_CASE("scenes: the same seed gives the same scenes") {
    Rng a(7), b(7);
    const SceneSet first = make_scenes(50, 5, a), second = make_scenes(50, 5, b);
    CHECK(first.tokens == second.tokens);
    CHECK(first.request == second.request);
}

TEST_CASE("scenes: one to eight objects are allowed, others are a parameter error") {
    Rng rng(2);
    const SceneSet one = make_scenes(5, 1, rng);
    CHECK(one.nearest == one.find);
    CHECK_NOTHROW(make_scenes(2, 8, rng));
    CHECK_THROWS_AS(make_scenes(2, 0, rng), ParamError);
    CHECK_THROWS_AS(make_scenes(2, 9, rng), ParamError);
    CHECK_THROWS_AS(parse_task("sort"), ParamError);
}
