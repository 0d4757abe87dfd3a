import type { ThemePreference } from '@quad/contracts';
import { serverMessage } from '../../../api/api-error';
import { useThemeMode } from '../../../lib/theme/theme-mode';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { Fieldset } from '../../../ui/fieldset';
import { useToast } from '../../../ui/toast';
import { Choice, Choices } from './appearance-card.styles';

const CHOICES: ReadonlyArray<{ value: ThemePreference; label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Settings' colour scheme: follow the device, or always light or dark; kept on the account. */
export function AppearanceCard() {
  const { preference, mode, setPreference } = useThemeMode();
  const { toast } = useToast();

  async function choose(next: ThemePreference) {
    try {
      await setPreference(next);
    } catch (error) {
      toast({ title: 'Appearance not saved', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    }
  }

  return (
    <Card aria-labelledby="appearance-title">
      <CardTitle id="appearance-title">Appearance</CardTitle>
      <CardDescription>
        {preference === 'system' ? `Following your device: ${mode === 'dark' ? 'dark' : 'light'} now.` : `Always ${preference}.`}
      </CardDescription>
      <Fieldset>
        <legend className="visually-hidden">Colour scheme</legend>
        <Choices>
          {CHOICES.map((choice) => (
            <Choice key={choice.value} $checked={preference === choice.value}>
              <input
                type="radio"
                name="theme"
                value={choice.value}
                checked={preference === choice.value}
                onChange={() => void choose(choice.value)}
              />
              {choice.label}
            </Choice>
          ))}
        </Choices>
      </Fieldset>
    </Card>
  );
}
