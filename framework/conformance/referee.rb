# frozen_string_literal: true
# railyard's referee driver: the reference engine (18xx.games) behind a line protocol, one JSON object a
# line each way. It loads the engine through the oracle's load_title.rb (ORACLE_DIR, or argv[0]).
#   a line with "title" starts a new game: {"title", "players": [{"id", "name"}], "seed", "optional_rules"}
#   any other line is one site action (export JSON without "id")
# Each line is answered with {"ok", "error"?, "state"}; the state adds to the money and holdings the kinds
# of action the acting entity may take ("legal"), so that a harness can compare choices, not only results.
oracle = ENV['ORACLE_DIR'] || ARGV[0] || File.expand_path('../../../shared/oracle', __dir__)
require File.join(oracle, 'load_title')
$stdout.sync = true

# kinds of action that are not moves of the game (chat, programmed auto-actions, undo, a vote to end)
META_KINDS = %w[log message end_game undo redo].freeze

# The small state both engines can state: who holds what money, prices, trains, owners, phase, result.
def referee_state(game)
  step = begin
    game.round.active_step
  rescue StandardError
    nil
  end
  actor = game.finished ? nil : step&.current_entity
  legal = begin
    actor ? (game.round.actions_for(actor).map(&:to_s).uniq - META_KINDS).reject { |k| k.start_with?('program_') }.sort : []
  rescue StandardError
    []
  end
  started = game.corporations.select { |corp| corp.ipoed || corp.floated? }
  {
    'players' => game.players.map { |pl| [pl.id.to_s, pl.cash] }.to_h,
    'corporations' => started.map do |corp|
      [corp.name, { 'cash' => corp.cash, 'price' => corp.share_price&.price,
                    'trains' => corp.trains.map(&:name).sort, 'owner' => corp.owner&.id&.to_s }]
    end.to_h,
    'companies' => game.companies.map { |co| [co.sym, co.closed? ? 'closed' : co.owner&.id&.to_s] }.to_h,
    'phase' => game.phase.name,
    'bank' => game.bank.cash,
    'finished' => game.finished,
    'result' => game.finished ? game.result.transform_keys(&:to_s) : nil,
    'round' => game.round.class.name.split('::').last,
    'acting' => actor&.id&.to_s,
    'legal' => legal,
  }
end

# A fresh game of the set-up, with the actions already accepted.
def build(setup, actions)
  names = setup['players'].map { |pl| [pl['id'] || pl['name'], pl['name']] }.to_h
  rules = (setup['optional_rules'] || []).map(&:to_sym)
  load_title(setup['title']).new(names, id: 1, actions: actions, optional_rules: rules,
                                        seed: setup['seed'], strict: true)
end

def answer(ok, game, error = nil)
  out = { 'ok' => ok, 'state' => referee_state(game) }
  out['error'] = error if error
  puts JSON.generate(out)
end

setup = nil
game = nil
accepted = []
$stdin.each_line do |line|
  data = JSON.parse(line)
  if data.key?('title')
    setup = data
    accepted = []
    begin
      game = build(setup, [])
      answer(true, game)
    rescue StandardError => e
      puts JSON.generate('ok' => false, 'error' => "#{e.class}: #{e.message}"[0, 500], 'state' => nil)
      game = nil
    end
    next
  end
  if game.nil?
    puts JSON.generate('ok' => false, 'error' => 'no game: send a set-up line first', 'state' => nil)
    next
  end
  data['id'] = accepted.size + 1
  begin
    game = game.process_action(data, validate_auto_actions: false)
    game.maybe_raise!
    accepted << data
    answer(true, game)
  rescue StandardError => e
    # the engine may be half-way through the refused action: the game is played again without it
    game = build(setup, accepted.map(&:dup))
    answer(false, game, "#{e.class}: #{e.message}"[0, 500])
  end
end
