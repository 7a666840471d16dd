// The demos of the lesson folders linked into this program (demo.hpp, LessonDemos).
#include <algorithm>
#include <tuple>

#include "demo/demo.hpp"

namespace attn {
namespace {

struct Folder {
    int place;
    std::string name;
    std::vector<Demo> (*demos)();
};

// A function's static, so it exists before any lesson.cpp's registration runs.
std::vector<Folder>& folders() {
    static std::vector<Folder> registered;
    return registered;
}

}  // namespace

LessonDemos::LessonDemos(int place, const char* folder, std::vector<Demo> (*demos)()) {
    folders().push_back({place, folder, demos});
}

const std::vector<Demo>& all_demos() {
    // Sorted, because the order in which the folders' registrations run is the linker's.
    static const std::vector<Demo> demos = [] {
        std::vector<Folder> sorted = folders();
        std::sort(sorted.begin(), sorted.end(),
                  [](const Folder& a, const Folder& b) { return std::tie(a.place, a.name) < std::tie(b.place, b.name); });
        std::vector<Demo> all;
        for (const Folder& f : sorted)
            for (Demo& d : f.demos()) all.push_back(std::move(d));
        return all;
    }();
    return demos;
}

const Demo* find_demo(const std::string& id) {
    for (const Demo& d : all_demos())
        if (d.id == id) return &d;
    return nullptr;
}

}  // namespace attn
