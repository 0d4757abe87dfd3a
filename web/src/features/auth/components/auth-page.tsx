import { PRODUCT_NAME } from '@quad/contracts';
import { useState } from 'react';
import { LightbulbIcon, MessageIcon, ShieldIcon, UsersIcon } from '../../../ui/icons';
import { BrandCard } from '../../../ui/brand-card';
import { Tabs } from '../../../ui/tabs';
import { useLoginMutation, useRegisterAdminMutation, useRegisterMutation } from '../api';
import { AdminForm } from './admin-form';
import {
  BrandMark,
  Feature,
  FeatureIcon,
  FeatureList,
  Hero,
  HeroBrand,
  HeroText,
  HeroTitle,
  Screen,
} from './auth-page.styles';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthTab = 'login' | 'register' | 'admin';

/** /auth (and / when signed out): Login, Register and Admin tabs, Login first (spec section 2). */
export function AuthPage() {
  const [tab, setTab] = useState<AuthTab>('login');
  const [registerOpened, setRegisterOpened] = useState(false);
  const [login, loginState] = useLoginMutation();
  const [register, registerState] = useRegisterMutation();
  const [registerAdmin, adminState] = useRegisterAdminMutation();
  // Spec section 4: every submit button waits while any of the three requests is in flight.
  const anyPending = loginState.isLoading || registerState.isLoading || adminState.isLoading;

  function changeTab(next: AuthTab) {
    setTab(next);
    if (next === 'register') setRegisterOpened(true);
  }

  return (
    <Screen>
      <Hero aria-label={`About ${PRODUCT_NAME}`}>
        <HeroBrand>
          <BrandMark $inverted aria-hidden="true">
            Q
          </BrandMark>
          {PRODUCT_NAME}
        </HeroBrand>
        <HeroTitle>Where your campus comes together.</HeroTitle>
        <HeroText>Discuss, connect and build with the students of your college — all in one place.</HeroText>
        <FeatureList>
          <Feature>
            <FeatureIcon>
              <MessageIcon />
            </FeatureIcon>
            Topic boards and real-time messaging
          </Feature>
          <Feature>
            <FeatureIcon>
              <UsersIcon />
            </FeatureIcon>
            Friends from your own college
          </Feature>
          <Feature>
            <FeatureIcon>
              <LightbulbIcon />
            </FeatureIcon>
            An ideas hub and campus polls
          </Feature>
          <Feature>
            <FeatureIcon>
              <ShieldIcon />
            </FeatureIcon>
            Safe and moderated
          </Feature>
        </FeatureList>
      </Hero>
      <BrandCard>
        <Tabs<AuthTab>
          label="Sign in options"
          value={tab}
          onValueChange={changeTab}
          fullWidth
          keepMounted
          items={[
            { value: 'login', label: 'Login', content: <LoginForm login={login} disabled={anyPending} /> },
            {
              value: 'register',
              label: 'Register',
              content: (
                <RegisterForm register={register} disabled={anyPending} loadColleges={registerOpened} />
              ),
            },
            {
              value: 'admin',
              label: 'Admin',
              content: <AdminForm registerAdmin={registerAdmin} disabled={anyPending} />,
            },
          ]}
        />
      </BrandCard>
    </Screen>
  );
}
