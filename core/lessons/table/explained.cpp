// How this folder's demos explain their values (explain/explainers.hpp): an object library of its own
// (CMakeLists.txt), linked by the modules whose web/modules.json entry names the "explain" group.
#include "lessons/table/explain.hpp"

namespace attn::lesson_table {

const explain::Explainers explained(
    {{"table_tokens", explain_table_tokens}, {"table_hand", explain_table_hand}, {"table_lab", explain_table_lab},
     {"table_order", explain_table_order}, {"table_compare", explain_table_compare}, {"table_layers", explain_table_layers},
     {"act_sizes", explain_act_sizes}});

}  // namespace attn::lesson_table
