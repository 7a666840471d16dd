#pragma once
// Demos of the lesson "Pick up the cup": small networks find one object among
// several on a 1 m table. The trained networks come from the model store
// that each demo is handed (models/model_store.hpp); a demo whose network is
// not loaded yet answers with a ComputeError naming it, except the comparison,
// which shows a network's recorded figures while the store has only its summary.
#include "demo/demo.hpp"
#include "lessons/table/common.hpp"

namespace attn::lesson_table {

Demo table_tokens();   // a scene as tokens: kind one-hot, x, y; the request one-hot
Demo table_hand();     // score, softmax, average by hand with a trained Lookup's own numbers
Demo table_lab();      // the table from above: weights, answer and truth, any scene, request and positions
Demo table_compare();  // Lookup against two plain networks, with 4 and 6 objects
Demo table_order();    // the objects in another order: the same answer
Demo table_layers();   // "nearest": where the request looks in each layer of the 2-layer transformer
Demo act_sizes();      // ACT's parts at robot scale: tokens, parameters, attention tables

}  // namespace attn::lesson_table
