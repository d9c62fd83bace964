import { SIMULATOR_TEST_NUMBERS } from '@/lib/stk/simulator';
import { displayPhone } from '@/lib/platform/phone';

/** The sandbox's test phones (lib/stk/simulator.ts) and what each makes the simulated payer do. */
export function SimulatorNumbers() {
  const numbers = Object.entries(SIMULATOR_TEST_NUMBERS);
  return (
    <details className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="simulator-numbers">
      <summary className="cursor-pointer font-medium">Sandbox: numbers that end a prompt another way</summary>
      <p className="mt-2">Prompts are simulated here. Any other number pays after a few seconds; these do not:</p>
      <ul className="mt-2 space-y-1">
        {numbers.map(([phone, scenario]) => (
          <li key={phone}>
            <span className="font-mono">{displayPhone(phone)}</span>:{' '}
            {scenario === 'never' ? 'no answer at all: the prompt times out' : `${scenario.resultDesc} (code ${scenario.resultCode}${scenario.callback ? '' : ', learnt only by the status check'})`}
          </li>
        ))}
      </ul>
    </details>
  );
}
