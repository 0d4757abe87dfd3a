import type { DeviceType } from '@quad/contracts';
import { useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { chooseDevice } from '../../../lib/device/device-slice';
import { CheckIcon, MonitorIcon, SmartphoneIcon, TabletIcon, type IconProps } from '../../../ui/icons';
import {
  Check,
  Footnote,
  Intro,
  Lead,
  Mark,
  OptionButton,
  OptionDescription,
  OptionIcon,
  OptionText,
  OptionTitle,
  Options,
  Screen,
  Title,
} from './device-selection-page.styles';

const OPTIONS: ReadonlyArray<{ device: DeviceType; title: string; description: string; Icon: ComponentType<IconProps> }> = [
  { device: 'mobile', title: 'Mobile', description: 'Phone layout with a bottom tab bar and touch-friendly controls.', Icon: SmartphoneIcon },
  { device: 'tablet', title: 'Tablet', description: 'Roomier touch layout with the bottom tab bar.', Icon: TabletIcon },
  { device: 'desktop', title: 'Desktop', description: 'Full layout with sidebars, made for mouse and keyboard.', Icon: MonitorIcon },
];

/** Choose Mobile, Tablet or Desktop (spec sections 2 and 4). */
export function DeviceSelectionPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Once a card is chosen the others stop responding, so a double tap cannot flip the choice.
  const [chosen, setChosen] = useState<DeviceType | null>(null);

  function choose(device: DeviceType) {
    if (chosen) return;
    setChosen(device);
    dispatch(chooseDevice(device));
    navigate(paths.home);
  }

  return (
    <Screen>
      <Intro>
        <Mark aria-hidden="true">Q</Mark>
        <Title>Choose your device</Title>
        <Lead>We'll tailor Quad's layout to how you use it.</Lead>
      </Intro>
      <Options aria-label="Device options">
        {OPTIONS.map(({ device, title, description, Icon }) => (
          <li key={device}>
            <OptionButton
              type="button"
              $selected={chosen === device}
              aria-pressed={chosen === device}
              disabled={chosen !== null}
              onClick={() => choose(device)}
            >
              <OptionIcon aria-hidden="true">
                <Icon />
              </OptionIcon>
              <OptionText>
                <OptionTitle>{title}</OptionTitle>
                <OptionDescription>{description}</OptionDescription>
              </OptionText>
              {chosen === device && (
                <Check aria-hidden="true">
                  <CheckIcon />
                </Check>
              )}
            </OptionButton>
          </li>
        ))}
      </Options>
      <Footnote>You can change this anytime from Device Settings.</Footnote>
    </Screen>
  );
}
