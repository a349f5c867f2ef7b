#!/bin/sh
# Reproduces the experiments of this folder (records are identical for any --workers).
# 1837: default rules (the first games of the --check run) against the first edition and a
# cheaper 5-train, on the same seeds and seatings.
set -e
cd "$(dirname "$0")/../.."
OUT=docs/experiments/1837
BOTS=greedy,greedy,random,random
N=${N:-24}
mkdir -p $OUT
railyard simulate 1837 --games "$N" --players 4 --bots $BOTS --seed 1 --workers 2 --quiet --out $OUT/default
railyard simulate 1837 --games "$N" --players 4 --bots $BOTS --seed 1 --workers 2 --quiet --variant first_edition --out $OUT/first_edition
railyard simulate 1837 --games "$N" --players 4 --bots $BOTS --seed 1 --workers 2 --quiet --set trains.5.price=700 --out $OUT/fives700
railyard report $OUT --out $OUT/report.html --pngs $OUT/plots
# Imperial Steam: the Fundraise action paying 20 instead of 10.
railyard simulate imperial_steam --games 200 --players 3 --bots greedy,random,random --seed 1 --workers 2 --quiet \
    --out docs/experiments/imperial_steam --compare default "fundraise20:rules.fundraise=20"
railyard report docs/experiments/imperial_steam --out docs/experiments/imperial_steam/report.html \
    --pngs docs/experiments/imperial_steam/plots
python3 -c "from framework.simulate import compare, report; compare.write('$OUT', compare.compare_sets(report.load_sets('$OUT')))"
