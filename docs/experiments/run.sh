#!/bin/sh
# Reproduces the experiments of this folder (records are identical for any --workers).
# 1837: default rules against the first edition and a cheaper 5-train, four greedy bots, on the
# same 500 seeds (and so the same seatings and temperaments).
set -e
cd "$(dirname "$0")/../.."
OUT=docs/experiments/1837
N=${N:-500}
mkdir -p $OUT
railyard simulate 1837 --games "$N" --players 4 --bots greedy --seed 1 --workers 2 --quiet --out $OUT \
    --compare default first_edition "fives700:default;trains.5.price=700"
railyard report $OUT --out $OUT/report.html --pngs $OUT/plots
# 1837: greedy against random, every invariant checked after every action.
railyard simulate 1837 --games 500 --players 4 --bots greedy,greedy,random,random --seed 1 --check --workers 2 \
    --quiet --out docs/experiments/1837_greedy_vs_random
# Imperial Steam: the Fundraise action paying 20 instead of 10.
railyard simulate imperial_steam --games 200 --players 3 --bots greedy,random,random --seed 1 --workers 2 --quiet \
    --out docs/experiments/imperial_steam --compare default "fundraise20:rules.fundraise=20"
railyard report docs/experiments/imperial_steam --out docs/experiments/imperial_steam/report.html \
    --pngs docs/experiments/imperial_steam/plots
# 1837: the first edition's start packet against the second edition's auction, one strong bot
# (default budget, 50 ms) and three greedy bots rotating through the players, on the same 500
# seeds (run in chunks of 25 with --first-game 0, 25, ..., 475: the records are the same).
OUT=docs/experiments/1837_packet_strong
railyard simulate 1837 --games 500 --players 4 --bots strong,greedy,greedy,greedy --seed 37 --workers 2 \
    --quiet --out $OUT --compare default first_edition
railyard report $OUT --out $OUT/report.html --pngs $OUT/plots
python docs/experiments/1837_packet_strong/analyse.py
