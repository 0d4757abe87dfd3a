import { CheckIcon } from '../../../ui/icons';
import { Feature, FeatureList, Price } from './subscription.styles';

/** The yearly price and what it includes, as the subscribe and payment screens show them. */
export function PlanFeatures({
  per,
  label,
  features,
}: {
  per: string;
  label: string;
  features: readonly string[];
}) {
  return (
    <>
      <Price>
        $10 <span>{per}</span>
      </Price>
      <FeatureList aria-label={label}>
        {features.map((feature) => (
          <Feature key={feature}>
            <CheckIcon aria-hidden="true" />
            {feature}
          </Feature>
        ))}
      </FeatureList>
    </>
  );
}
