// How this folder's demos explain their values (explain/explainers.hpp): an object library of its own
// (CMakeLists.txt), linked by the modules whose web/modules.json entry names the "explain" group.
#include "lessons/table/explain.hpp"

namespace attn::lesson_table {

const explain::Explainers explained(
    {{"table_tokens", explain_table_tokens}, {"table_hand", explain_table_hand}, {"table_lab", explain_table_lab}});

}  // namespace attn::lesson_table
